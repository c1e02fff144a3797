// Public surface of the onboarding feature (the app puts the prompt on the dashboard).
export { TutorialPrompt } from './components/TutorialPrompt';
