import { Grid, Steps } from 'antd';
import './wizard-steps.css';

export interface WizardStepsProps {
  steps: readonly string[];
  current: number;
  /** Steps a user may jump to by clicking (the edit wizard); none when left out. */
  onChange?: (step: number) => void;
  className?: string;
}

/**
 * A wizard's steps: Ant Design's row of steps at a desk; on a phone one line ("Step 2 of 5 · Project", the next
 * step's name) over a bar of segments, so the form starts on the first screen.
 */
export function WizardSteps({ steps, current, onChange, className }: WizardStepsProps) {
  const phone = Grid.useBreakpoint().md === false;
  if (!phone) {
    return <Steps className={className} size="small" current={current} onChange={onChange} items={steps.map((title) => ({ title }))} />;
  }
  const next = steps[current + 1];
  return (
    <nav className={['wizard-steps', className].filter(Boolean).join(' ')} aria-label="Steps">
      <div className="wizard-steps__line">
        <span className="wizard-steps__count">
          Step {current + 1} of {steps.length}
        </span>
        <strong className="wizard-steps__title" aria-current="step">
          {steps[current]}
        </strong>
        {next && <span className="wizard-steps__next">Next: {next}</span>}
      </div>
      <ol className="wizard-steps__bar">
        {steps.map((title, i) => {
          const state = i < current ? 'is-done' : i === current ? 'is-current' : '';
          return (
            <li key={title} className={state}>
              {onChange ? (
                <button type="button" aria-label={`Step ${i + 1}: ${title}`} onClick={() => onChange(i)} />
              ) : (
                <span aria-label={`Step ${i + 1}: ${title}`} />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
