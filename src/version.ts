import fs from 'node:fs';
import { fromRoot } from './util/paths';

export const version: string = JSON.parse(fs.readFileSync(fromRoot('package.json'), 'utf8')).version;
