/**
 * §5 / §9 Social Insurance Number (DOMAIN-NOTES §1.1): 9 digits, Luhn (mod 10) — the 2nd, 4th, 6th and 8th
 * digits doubled, 9 subtracted from a doubled value over 9, the nine digits summing to a multiple of 10;
 * 000 000 000 passes Luhn and is refused explicitly. A first digit 9 is a temporary SIN (needs an expiry date).
 * The first digit is never refused otherwise (the common sample 046 454 286 starts with 0).
 */

/** The digits of a SIN as typed (`046 454 286`, `046-454-286`), or null when it is not 9 digits. */
export function sinDigits(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^[0-9]{9}$/.test(digits) ? digits : null;
}

/** Is this a valid SIN (9 digits, Luhn, not all zeros)? */
export function isValidSin(value: string): boolean {
  const digits = sinDigits(value);
  if (digits === null || digits === '000000000') return false;
  let total = 0;
  for (let index = 0; index < 9; index += 1) {
    let digit = Number(digits[index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  }
  return total % 10 === 0;
}

/** A temporary SIN (first digit 9): valid only until its expiry date. */
export function isTemporarySin(value: string): boolean {
  return sinDigits(value)?.startsWith('9') ?? false;
}

/** `***-***-789`: how a SIN is shown outside the employee record (DOMAIN-NOTES §1.1 design). */
export function maskSin(value: string): string {
  const digits = sinDigits(value);
  return digits === null ? '' : `***-***-${digits.slice(6)}`;
}
