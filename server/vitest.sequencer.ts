/**
 * The order the server suite's files start in (vitest.config.ts `sequence.sequencer`): the long ones first, so the
 * last files to finish are short ones and no worker idles at the end while another runs a long file.
 *
 * Vitest's own order runs the files by their last durations (its results cache), and without a cache — a fresh
 * clone, as on CI — by size, largest first; some files are long for their size (race.test.ts races every process and
 * action on two servers, the kill tests start and stop servers) and started late: they were the run's tail. Here: a
 * file's duration is the longer of the cache's and KNOWN's (seconds on PostgreSQL), else its size as Vitest orders
 * it, after the timed ones. The cache alone misleads the PostgreSQL run, which follows the SQLite run of the same
 * files: a file of PostgreSQL-only tests (access-cache.test.ts, 0.1 s on SQLite, 12 s on PostgreSQL) started last and
 * ran alone at the end.
 */
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const repository = fileURLToPath(new URL('..', import.meta.url));

/**
 * Files long on PostgreSQL: seconds of their tests in one run on PostgreSQL (the slowest engine) on a quiet 2-core
 * machine (2026-11-29, AMD EPYC, the fresh-clone run of a5e94956), their set-up not counted — those of 3.5 s or more.
 */
const KNOWN: Record<string, number> = {
  'server/test/race.test.ts': 34.4,
  'server/test/webhooks-kill.test.ts': 32.3,
  'server/test/entities-bad-fields.test.ts': 22.5,
  'server/test/entities-kill.test.ts': 21.8,
  'server/test/events.test.ts': 14.2,
  'server/test/access-cache.test.ts': 12.1,
  'server/test/user-limits.test.ts': 11.2,
  'server/test/answers.test.ts': 10.6,
  'server/test/dpop.test.ts': 9.1,
  'modules/gl/test/ledger-property-all.test.ts': 9.0,
  'server/test/openapi.test.ts': 8.3,
  'server/test/restart.test.ts': 7.7,
  'server/test/fuzz.test.ts': 7.6,
  'modules/ar/test/restricted-reports.test.ts': 6.9,
  'server/test/hidden-fields.test.ts': 6.8,
  'server/test/report-pdf.test.ts': 6.7,
  'server/test/customer-rights.test.ts': 5.1,
  'server/test/read-database.test.ts': 4.8,
  'server/test/table-ownership.test.ts': 4.5,
  'server/test/embed-origins.test.ts': 3.9,
  'server/test/oidc.test.ts': 3.5,
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
      const seconds = cached || known !== undefined ? Math.max(cached ? cached.duration / 1000 : 0, known ?? 0) : null;
      weight.set(spec, { seconds, bytes });
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
