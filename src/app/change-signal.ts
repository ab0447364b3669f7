/** A tiny in-process signal: listeners run after each write to the stores (cache invalidation). */
export class ChangeSignal {
  private readonly listeners = new Set<() => void>();
  private generation = 0;

  get version(): number {
    return this.generation;
  }

  on(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  fire(): void {
    this.generation++;
    for (const fn of this.listeners) fn();
  }
}
