/**
 * The few Mocha globals the element tests use (web-test-runner runs Mocha in the browser; @types/mocha is
 * not installed, and the root tsconfig limits ambient types to node).
 */
type MochaDone = (error?: unknown) => void;
type MochaBody = (() => void | PromiseLike<unknown>) | ((done: MochaDone) => void);

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body?: MochaBody): void;
declare function before(body: MochaBody): void;
declare function after(body: MochaBody): void;
declare function beforeEach(body: MochaBody): void;
declare function afterEach(body: MochaBody): void;
