/**
 * The Order Entry module's server contract: what other modules' server code, the API host (server/src), the
 * scripts and the tests may import of modules/oe/server/ — nothing else (.dependency-cruiser.cjs
 * `module-deep-import`, ARCHITECTURE.md "Module contract"). The loader's entry stays ./index.ts.
 */
export { filledTemplate } from './email-templates.ts';
export { overridePrice } from './pricing/override.ts';
export { priceLines } from './pricing/service.ts';
export { publishedDocument, publishingOutlets, publishingSources, registerPublishingOutlet, registerPublishingSource, sourceOf } from './publishing/sources.ts';
export type { PublishedNotice, PublishingOutlet, PublishingSource } from './publishing/sources.ts';
