export * from './toast';
export * from './confirm';
export * from './PasswordField';
export * from './FormAlert';
export * from './CenteredLoader';
