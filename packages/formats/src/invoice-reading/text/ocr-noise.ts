/**
 * Typical OCR misreadings in numbers, undone before field reading: O/o for 0, l/I/| for 1 inside
 * tokens that are otherwise numeric ("2O26", "l9,00"), and spaces around the decimal separator
 * ("1.234, 56"). Words are left alone: only tokens made of digits and look-alikes are touched.
 */
export function cleanOcrText(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/(?<![\p{L}\d])[\dOoIl|]*\d[\dOoIl|]*(?:[.,/:-][\dOoIl|]+)*(?![\p{L}\d])/gu, (token) =>
          /[OoIl|]/.test(token) && (token.match(/\d/g) ?? []).length >= 1
            ? token.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1')
            : token,
        )
        .replace(/(\d)\s?([.,])\s(\d{2})(?!\d)/g, '$1$2$3')
        // "Rechnungsnummer :" and "IBAN:" come out with stray spaces or as ";" — normalise.
        .replace(/\s;\s?/g, ': ')
        .replace(/[‚„]/g, ','),
    )
    .join('\n');
}
