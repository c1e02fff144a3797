// Public surface of the onboarding feature (the dashboard shows the prompt).
export { TutorialPrompt } from './components/TutorialPrompt';
