import { DashboardRoute } from '@/features/dashboard/routes/DashboardRoute';
import { TutorialPrompt } from '@/features/onboarding';

/** /user-dashboard: the dashboard with the onboarding's tutorial prompt in its slot. */
export function DashboardPage() {
  return <DashboardRoute prompt={<TutorialPrompt />} />;
}
