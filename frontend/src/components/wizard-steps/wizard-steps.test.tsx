import { fireEvent, render, screen } from '@testing-library/react';
import { WizardSteps } from './wizard-steps';

const STEPS = ['Client', 'Project', 'Services', 'Payment', 'Stage'];

describe('WizardSteps', () => {
  const width = window.innerWidth;
  afterEach(() => {
    window.innerWidth = width;
  });

  it('shows the row of steps at a desk', () => {
    const { container } = render(<WizardSteps steps={STEPS} current={1} />);
    expect(container.querySelector('.ant-steps')).toBeInTheDocument();
    expect(screen.getByText('Services')).toBeInTheDocument();
  });

  it('collapses to one line and a bar of segments on a phone', () => {
    window.innerWidth = 390;
    const { container } = render(<WizardSteps steps={STEPS} current={1} />);
    expect(container.querySelector('.ant-steps')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Steps' })).toHaveTextContent('Step 2 of 5ProjectNext: Services');
    expect(container.querySelectorAll('.wizard-steps__bar li.is-done')).toHaveLength(1);
    expect(container.querySelector('.wizard-steps__bar li.is-current')).toContainElement(screen.getByLabelText('Step 2: Project'));
  });

  it('lets a phone jump to a step when the wizard allows it', () => {
    window.innerWidth = 390;
    const onChange = vi.fn();
    render(<WizardSteps steps={STEPS} current={3} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Step 1: Client' }));
    expect(onChange).toHaveBeenCalledWith(0);
  });
});
