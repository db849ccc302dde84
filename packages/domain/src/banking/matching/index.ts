/** The matching engine of issue 62: pure scoring; the server supplies lines and candidates and stores the outcome. */
export * from './types';
export { matchLines, MAX_PROPOSALS_PER_LINE } from './match-lines';
export { chooseAutomaticMatches } from './automatic';
export { MatchLedger } from './ledger';
export { foldSearchText, normalizeReference } from './text';
