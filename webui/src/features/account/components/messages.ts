export const USER_UPDATED = 'User Updated.';
export const UNKNOWN_ERROR = 'Unknown Error, Contact Administrator.';
export const PASSWORD_UPDATED = 'Password Updated, logging out';
export const PASSWORD_MISMATCH = 'Password does not match.';
export const LOGOUT_DELAY_MS = 250;
/** 'Password does not match.' shows once the confirmation is longer than this. */
export const MISMATCH_THRESHOLD = 7;
export const PASSWORD_MIN = 5;
