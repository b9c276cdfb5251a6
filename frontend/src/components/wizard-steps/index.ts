export { WizardSteps, type WizardStepsProps } from './wizard-steps';
