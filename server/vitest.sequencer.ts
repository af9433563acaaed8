/**
 * The order the server suite's files start in (vitest.config.ts `sequence.sequencer`): the long ones first, so the
 * last files to finish are short ones and no worker idles at the end while another runs a long file.
 *
 * Vitest's own order runs the files by their last durations (its results cache), and without a cache — a fresh
 * clone, as on CI — by size, largest first; some files are long for their size (race.test.ts races every process and
 * action on two servers, the kill tests start and stop servers) and started late: they were the run's tail. Here: a
 * file's duration from the cache when there is one, else from KNOWN (seconds on a quiet 2-core machine), else its
 * size as Vitest orders it, after the known ones.
 */
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const repository = fileURLToPath(new URL('..', import.meta.url));

/**
 * Files long for their size: seconds of their tests in one run on PostgreSQL on a quiet 2-core machine (the slowest
 * engine; 2026-11-29, AMD EPYC), their set-up not counted.
 */
const KNOWN: Record<string, number> = {
  'server/test/race.test.ts': 52,
  'server/test/entities-bad-fields.test.ts': 30,
  'server/test/webhooks-kill.test.ts': 29,
  'server/test/dpop.test.ts': 23,
  'server/test/entities-kill.test.ts': 21,
  'server/test/openapi.test.ts': 21,
  'server/test/events.test.ts': 17,
  'server/test/user-limits.test.ts': 16,
  'server/test/access-cache.test.ts': 15,
  'modules/gl/test/ledger-property-all.test.ts': 12,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weight = new Map<TestSpecification, { seconds: number | null; bytes: number }>();
    for (const spec of files) {
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(root, spec.moduleId)}`);
      const known = KNOWN[relative(repository, spec.moduleId)];
      let bytes = 0;
      try {
        bytes = statSync(spec.moduleId).size;
      } catch {
        bytes = 0;
      }
      weight.set(spec, { seconds: cached ? cached.duration / 1000 : (known ?? null), bytes });
    }
    // Timed files first, longest first; then the others, largest first.
    return [...files].sort((a, b) => {
      const wa = weight.get(a)!;
      const wb = weight.get(b)!;
      if (wa.seconds !== null || wb.seconds !== null) return (wb.seconds ?? -1) - (wa.seconds ?? -1);
      return wb.bytes - wa.bytes;
    });
  }
}
