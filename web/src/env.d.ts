/// <reference types="vite/client" />

// npm `hyphen` ships no types (src/hyphenate.ts uses the synchronous hyphenator of two languages)
declare module "hyphen/de" {
  export function hyphenateSync(text: string, options?: { minWordLength?: number; hyphenChar?: string }): string;
}
declare module "hyphen/en-us" {
  export function hyphenateSync(text: string, options?: { minWordLength?: number; hyphenChar?: string }): string;
}
