/**
 * The IBAN with its middle hidden ("DE89 •••• 3000"): enough to tell accounts apart in a list
 * without putting whole account numbers on every screen, and narrow enough that the list's last
 * columns stay in view on a 1280 px laptop; the detail shows it in full, grouped in fours.
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  if (compact.length <= 8) return compact;
  return `${compact.slice(0, 4)} •••• ${compact.slice(-4)}`;
}
