export const USER_UPDATED = 'User Updated.';
export const UNKNOWN_ERROR = 'Unknown Error, Contact Administrator.';
export const PASSWORD_UPDATED = 'Password Updated, logging out';
export const PASSWORD_MISMATCH = 'Password does not match.';
export const LOGOUT_DELAY_MS = 250;
/** 'Password does not match.' shows once the confirmation is longer than this. */
export const MISMATCH_THRESHOLD = 7;
export const PASSWORD_MIN = 5;
export const EMAIL_NOT_VERIFIED = 'Your email address is not verified yet: check your inbox for the verification link.';
export const RESEND_VERIFICATION = 'Resend verification e-mail';
export const RESEND_VERIFICATION_SENT = 'Verification email sent. Please check your inbox.';
export const RESEND_VERIFICATION_FAILED = 'The verification email could not be sent. Please try again later.';
