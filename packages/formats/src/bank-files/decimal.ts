/**
 * Exact decimal arithmetic for bank amounts. Amounts stay decimal strings next to integer
 * minor units, because statements may carry more decimals than the currency has (five
 * decimals occur in real camt.053 files) and floats would silently round them.
 */
export interface ScaledDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Parses "12.50", "-3", "0.00001"; null for anything else. */
export function parseDecimal(text: string): ScaledDecimal | null {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

function rescale(value: ScaledDecimal, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

export function addDecimals(a: ScaledDecimal, b: ScaledDecimal): ScaledDecimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export function negateDecimal(value: ScaledDecimal): ScaledDecimal {
  return { units: -value.units, scale: value.scale };
}

export function compareDecimals(a: ScaledDecimal, b: ScaledDecimal): number {
  const scale = Math.max(a.scale, b.scale);
  const left = rescale(a, scale);
  const right = rescale(b, scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

export const ZERO: ScaledDecimal = { units: 0n, scale: 0 };

export function formatDecimal(value: ScaledDecimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = value.scale > 0 ? `.${digits.slice(digits.length - value.scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * Minor units when the value is exactly representable with `digits` decimals (trailing
 * zeros beyond them are fine: "8.850" is 885 cents), otherwise null — "8.855" has no cents.
 */
export function toMinorUnits(value: ScaledDecimal, digits: number): number | null {
  let units = value.units;
  let scale = value.scale;
  while (scale > digits) {
    if (units % 10n !== 0n) return null;
    units /= 10n;
    scale -= 1;
  }
  const minor = Number(units * 10n ** BigInt(digits - scale));
  return Number.isSafeInteger(minor) ? minor : null;
}
