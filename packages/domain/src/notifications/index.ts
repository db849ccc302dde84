/** Per-member e-mail notification options and the daily digest's rules (issues 66–68). */
export * from './notification-options';
export * from './digest-period';
