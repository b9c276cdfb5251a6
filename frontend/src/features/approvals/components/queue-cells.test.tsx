import { render, screen } from '@testing-library/react';
import { queueRow } from '../test-fixtures';
import { dueIn } from '../lib/due';
import { DueCell, QueueCard, RequestCell } from './queue-cells';

const NOW = Date.parse('2026-03-02T10:00:00Z');

describe('dueIn', () => {
  it('says how long is left, or how long it is overdue, coloured by how close', () => {
    expect(dueIn(null, NOW)).toBeNull();
    expect(dueIn('2026-03-04T12:00:00Z', NOW)).toEqual({ text: '2 d left', tone: 'ok' });
    expect(dueIn('2026-03-03T10:00:00Z', NOW)).toEqual({ text: '1 d left', tone: 'ok' });
    expect(dueIn('2026-03-02T13:30:00Z', NOW)).toEqual({ text: 'in 3 h', tone: 'soon' });
    expect(dueIn('2026-03-02T10:40:00Z', NOW)).toEqual({ text: 'in 40 min', tone: 'soon' });
    expect(dueIn('2026-03-02T05:00:00Z', NOW)).toEqual({ text: 'overdue 5 h', tone: 'overdue' });
    expect(dueIn('2026-02-27T10:00:00Z', NOW)).toEqual({ text: 'overdue 3 d', tone: 'overdue' });
    // seconds past its time: overdue already, never "in 0 min"
    expect(dueIn(new Date(new Date(NOW).getTime() - 20_000).toISOString(), NOW)).toEqual({ text: 'overdue 1 min', tone: 'overdue' });
  });
});

describe('DueCell', () => {
  it('is green with more than a day, orange under a day, red overdue, a dash without a deadline', () => {
    const { rerender, container } = render(<DueCell dueAt="2026-03-04T12:00:00Z" now={NOW} />);
    expect(screen.getByText('2 d left').closest('.ant-tag')).toHaveClass('ant-tag-green');
    rerender(<DueCell dueAt="2026-03-02T13:30:00Z" now={NOW} />);
    expect(screen.getByText('in 3 h').closest('.ant-tag')).toHaveClass('ant-tag-orange');
    rerender(<DueCell dueAt="2026-03-02T05:00:00Z" now={NOW} />);
    expect(screen.getByText('overdue 5 h').closest('.ant-tag')).toHaveClass('ant-tag-red');
    rerender(<DueCell dueAt={null} now={NOW} />);
    expect(container).toHaveTextContent('-');
    expect(container.querySelector('.ant-tag')).toBeNull();
  });
});

describe('on behalf tags', () => {
  it('names the approver a delegate decides for, and marks an escalation', () => {
    render(<RequestCell row={queueRow(1, { forApproverName: 'Hendra Gunawan', escalated: true })} />);
    expect(screen.getByText('for Hendra Gunawan')).toBeInTheDocument();
    expect(screen.getByText('Escalated')).toBeInTheDocument();
  });

  it('shows neither on the caller’s own turn', () => {
    render(<RequestCell row={queueRow(1)} />);
    expect(screen.queryByText(/^for /)).toBeNull();
    expect(screen.queryByText('Escalated')).toBeNull();
  });

  it('a phone’s card shows the due time and the tags too', () => {
    render(
      <QueueCard
        row={queueRow(2, { dueAt: '2026-03-02T05:00:00Z', forApproverName: 'Hendra Gunawan' })}
        now={NOW}
        onDetail={() => undefined}
        onReview={() => undefined}
      />,
    );
    expect(screen.getByText('overdue 5 h')).toBeInTheDocument();
    expect(screen.getByText('for Hendra Gunawan')).toBeInTheDocument();
  });
});
