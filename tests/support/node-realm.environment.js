/**
 * Jest runs each test file in its own vm context, whose Float32Array is not the one onnxruntime-node checks
 * against ("A float32 tensor's data must be type of Float32Array"). This environment hands the test context
 * the host realm's typed arrays and buffers so real ONNX models run under jest unchanged.
 */
const { TestEnvironment } = require('jest-environment-node');

class NodeRealmEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'Uint8Array', 'Uint8ClampedArray', 'Int8Array', 'Uint16Array',
      'Int16Array', 'Uint32Array', 'Int32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array',
      'Buffer',
    ]) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = NodeRealmEnvironment;
