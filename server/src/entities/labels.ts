/**
 * The server's messages: English (en-CA), from `locales/en-CA/entities.json` (labels and message
 * texts), falling back to the catalogue defaults in shared/src/entities/messages.ts. The API answers
 * English messages plus the i18n key and parameters of each, so the browser shows them in the user's
 * language (validate.ts produces the same keys in the form).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultMessage, interpolate } from '@erp/shared/entities/messages';
import type { Translate } from '@erp/shared/entities/validate';
import { repoRoot } from '../config.ts';

function flatten(prefix: string, value: unknown, into: Map<string, string>): void {
  if (typeof value === 'string') {
    into.set(prefix, value);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, child, into);
  }
}

function loadEnglish(): Map<string, string> {
  const texts = new Map<string, string>();
  try {
    const json: unknown = JSON.parse(readFileSync(resolve(repoRoot, 'locales/en-CA/entities.json'), 'utf8'));
    flatten('', json, texts);
  } catch {
    // Without the file the catalogue defaults stand in (labels become the humanized field names).
  }
  return texts;
}

const english = loadEnglish();

/** en-CA text of `entities:<key>` (the `entities:` prefix is the namespace). */
export const translate: Translate = (key, defaultValue, params = {}) => {
  const bare = key.startsWith('entities:') ? key.slice('entities:'.length) : key;
  return interpolate(english.get(bare) ?? defaultValue, params);
};

/** The English message of a catalogue key. */
export function message(key: string, params: Record<string, unknown> = {}): string {
  return translate(key, defaultMessage(key), params);
}
