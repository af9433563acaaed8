/**
 * The unit tests' set-up (vitest.config.ts `setupFiles`): the entity registry as every page holds it — the shell's
 * entities (registered by `@erp/records`, which every entity screen loads) and every module's extensions, in the
 * order each micro-app bundle registers them (`appSources`, vite.library.ts) — so a test of a shell entity sees it
 * as users do (issue 41: the firm's terms, credit, discount table and AP firm id are the modules' extensions).
 */
import { fileURLToPath } from 'node:url';
import { registerExtensions, registerModule, type ModuleExtensions } from '@erp/shared/entities/index';
import { appSources } from './manifests.ts';
import { shellModule } from './shell/definitions/index.ts';

registerModule(shellModule);
for (const { module, namespace, file } of appSources(fileURLToPath(new URL('..', import.meta.url)), 'records').extensions) {
  const { extensions } = (await import(file)) as { extensions: ModuleExtensions };
  registerExtensions(module, namespace, extensions);
}
