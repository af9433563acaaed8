/**
 * A Vitest reporter that keeps, in the file named by VITEST_PROGRESS_FILE, what each test file running now
 * is doing (its hook or test). It prints nothing. When a suite passes its time limit, scripts/test-all.mjs
 * prints this file before stopping the suite, so a hang names its test instead of a silent timeout.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class ProgressReporter {
  file = process.env.VITEST_PROGRESS_FILE;
  running = new Map();

  note(moduleId, what) {
    if (!this.file) return;
    this.running.set(relative(process.cwd(), moduleId), `${what} (since ${new Date().toISOString().slice(11, 19)})`);
    this.flush();
  }

  flush() {
    writeFileSync(this.file, [...this.running].map(([file, what]) => `${file}: ${what}`).join('\n') + '\n');
  }

  onTestModuleStart(module) {
    this.note(module.moduleId, 'starting');
  }

  onHookStart(hook) {
    const entity = hook.entity;
    const moduleId = entity.type === 'module' ? entity.moduleId : entity.module.moduleId;
    this.note(moduleId, `${hook.name} of ${entity.type === 'module' ? 'the file' : entity.fullName}`);
  }

  onTestCaseReady(test) {
    this.note(test.module.moduleId, test.fullName);
  }

  onTestModuleEnd(module) {
    if (!this.file) return;
    this.running.delete(relative(process.cwd(), module.moduleId));
    this.flush();
  }
}
