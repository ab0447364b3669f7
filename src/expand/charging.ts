import type { LabelledExample } from './examples';

/** Examples citing a section before its counterparts' shares are trusted; fewer, and every counterpart is kept. */
export const MIN_SUPPORT = 10;

/** Share of a section's examples below which a counterpart is not brought beside it (unless none is left). */
export const MIN_SHARE = 0.1;

/**
 * Which of a section's counterparts in the other code are cited with it. A merged BNS section maps to an IPC
 * definition and the section that punishes it (BNS 351 ⇄ IPC 503, 506, 507; BNS 303 ⇄ IPC 378, 379), and a
 * complaint or charge-sheet cites the punishing section, not the definition: of the 512 labelled examples citing
 * BNS 351, 492 also cite IPC 506 and none IPC 503. Placing every counterpart beside a hit spends result slots on
 * sections nobody charges. The shares are counted in the labelled examples (seeds/examples), which hold no
 * evaluation query.
 */
export class CounterpartShares {
  private constructor(
    private readonly citing: Map<string, number>,
    private readonly together: Map<string, number>,
  ) {}

  static fromExamples(examples: Pick<LabelledExample, 'sections'>[]): CounterpartShares {
    const citing = new Map<string, number>();
    const together = new Map<string, number>();
    for (const e of examples) {
      const ids = [...new Set(e.sections)];
      for (const a of ids) {
        citing.set(a, (citing.get(a) ?? 0) + 1);
        for (const b of ids) if (a !== b && a.split(':')[0] !== b.split(':')[0]) together.set(`${a} ${b}`, (together.get(`${a} ${b}`) ?? 0) + 1);
      }
    }
    return new CounterpartShares(citing, together);
  }

  /** Share of the examples citing `from` that also cite `to`; null when too few cite `from` to tell. */
  share(from: string, to: string): number | null {
    const n = this.citing.get(from) ?? 0;
    return n < MIN_SUPPORT ? null : (this.together.get(`${from} ${to}`) ?? 0) / n;
  }

  /** The counterparts of `from` that are cited with it; all of them when the examples cannot tell or would keep none. */
  charged<E extends { toId: string }>(from: string, edges: E[]): E[] {
    const kept = edges.filter((e) => (this.share(from, e.toId) ?? 1) >= MIN_SHARE);
    return kept.length ? kept : edges;
  }
}
