// Vite's `?inline` CSS import: the file's text (used for Shoelace's theme, shoelace/theme.ts).
declare module '*.css?inline' {
  const text: string;
  export default text;
}
