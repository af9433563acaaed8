/** §5 / §9 attachment checks made before an upload is sent. */
import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENT_BYTES, uploadRefusal } from './Attachments.tsx';

describe('uploadRefusal', () => {
  const attached = [{ FileName: 'drawing.png' }];
  it('accepts up to exactly 25 MB and refuses one byte more', () => {
    expect(MAX_ATTACHMENT_BYTES).toBe(26_214_400);
    expect(uploadRefusal({ name: 'a.pdf', size: MAX_ATTACHMENT_BYTES }, attached)).toBeNull();
    expect(uploadRefusal({ name: 'a.pdf', size: MAX_ATTACHMENT_BYTES + 1 }, attached)).toBe('tooLarge');
  });
  it('refuses a name already attached to the record', () => {
    expect(uploadRefusal({ name: 'drawing.png', size: 10 }, attached)).toBe('duplicateName');
    expect(uploadRefusal({ name: 'Drawing.png', size: 10 }, attached)).toBeNull();
  });
});
