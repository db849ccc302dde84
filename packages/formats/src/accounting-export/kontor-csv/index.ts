export { KONTOR_CSV_COLUMNS, type KontorCsvColumn, type KontorCsvKind, type KontorCsvRow } from './kontor-csv-columns';
export { kontorCsvHeadingLine, kontorCsvLine, writeKontorCsv, type KontorCsvLocale } from './write-kontor-csv';
