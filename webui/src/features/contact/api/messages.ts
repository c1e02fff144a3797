import { useMutation } from '@tanstack/react-query';
import { api, type BugReportPayload, type ContactPayload, type SentResponse } from '@/shared/api';

export type { BugReportPayload, ContactPayload, SentResponse } from '@/shared/api';

/**
 * POST /contact: works signed out (/contact) and signed in (/contact-beta); the client adds the
 * bearer token when there is one, which links the message to the account.
 */
export function sendContactRequest(payload: ContactPayload): Promise<SentResponse> {
  return api.post('/contact', payload);
}
export function useSendContactMutation() {
  return useMutation({ mutationKey: ['contact', 'send'], mutationFn: sendContactRequest });
}

/** POST /bug-report (signed in). */
export function sendBugReportRequest(payload: BugReportPayload): Promise<SentResponse> {
  return api.post('/bug-report', payload);
}
export function useSendBugReportMutation() {
  return useMutation({ mutationKey: ['contact', 'bug-report'], mutationFn: sendBugReportRequest });
}
