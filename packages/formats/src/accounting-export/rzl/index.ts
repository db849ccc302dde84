export { RZL_LAYOUT_VERSION, rzlBookingElement, writeRzlBookings, type RzlBookingOptions } from './write-rzl-bookings';
export { readRzlFile, type RzlFile } from './read-rzl-file';
