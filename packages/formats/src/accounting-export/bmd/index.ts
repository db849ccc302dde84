export {
  BMD_BOOKING_COLUMNS,
  BMD_TEXT_MAX,
  bmdBookingLine,
  writeBmdBookings,
  type BmdBookingOptions,
} from './write-bmd-bookings';
export { BMD_PERSONAL_ACCOUNT_COLUMNS, writeBmdPersonalAccounts } from './write-bmd-personal-accounts';
export { readBmdFile, type BmdFile } from './read-bmd-file';
