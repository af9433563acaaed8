/** Issue 71 item 2: the match Enter takes in a lookup. */
import { describe, expect, it } from 'vitest';
import { singleMatch } from './lookup-parts.tsx';

const bank = (value: string, number?: string) => ({ value, label: `${value} bank`, ...(number ? { number } : {}) });

describe('singleMatch', () => {
  it('takes the only match of a complete answer ("OPER" → OPERATING)', () => {
    expect(singleMatch([bank('OPERATING')], false, 'OPER')?.value).toBe('OPERATING');
  });
  it('takes nothing when more pages may hold other matches', () => {
    expect(singleMatch([bank('OPERATING')], true, 'OPER')).toBeUndefined();
  });
  it('takes, among several, the one whose key or number is exactly what was typed, ignoring case', () => {
    const options = [bank('V100'), bank('V1000'), bank('479', 'AR000312')];
    expect(singleMatch(options, false, 'v100')?.value).toBe('V100');
    expect(singleMatch(options, false, 'ar000312')?.value).toBe('479');
    expect(singleMatch(options, false, 'V1')).toBeUndefined();
  });
});
