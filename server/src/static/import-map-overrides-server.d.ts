// The server half of import-map-overrides (its package has no type declarations): override cookies of a request.
declare module 'import-map-overrides' {
  export function getOverridesFromCookies(
    request: { headers: { cookie?: string }; protocol: string },
    portHandler?: (port: string, specifier: string, request: unknown) => string,
  ): Record<string, string>;
}
