import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Modal } from 'antd';
import { setToken } from '@/lib/api/tokens';
import { buttonByText } from '@/test/antd-helpers';
import { json, renderRoutes } from '@/test/render';
import { ActivityFormRoute } from '@/app/routing/activity-routes';
import { QUICK_INSTEAD, SHOW_MISSING } from '../components/finish-actions';
import { activityFormApi } from '../test-fixtures';

/** The page under test, as the route table has it. */
const pages = [{ path: '/leads/:leadId/activity/add/:media', Component: ActivityFormRoute }];

afterEach(() => Modal.destroyAll());

function start() {
  setToken('tok');
  const posts: Request[] = [];
  activityFormApi((req) => {
    posts.push(req);
    return json(200, { results: { id: 77, message: 'Activity has been started successfully.' } });
  });
  return posts;
}

const hint = () => screen.getByRole('status');

describe('ActivityFormPage: what Finish waits for', () => {
  it('names the missing fields on the bar, on Finish and beside each field; a quick note needs no next step', async () => {
    const posts = start();
    const { router } = await renderRoutes(pages, '/leads/19/activity/add/meeting');
    expect(await screen.findByText('Lead Details')).toBeInTheDocument();
    const picField = screen.getByLabelText('Person in Charge').closest('.ant-form-item')!;
    await waitFor(() => expect(picField).toHaveTextContent('Rina Kartika'));

    const missing = 'To finish, fill in: Notes, Next step: Activity, Next step: Date and time.';
    await waitFor(() => expect(hint()).toHaveTextContent(missing));
    const finish = buttonByText('Finish');
    expect(finish).toBeDisabled();
    // the disabled button's tooltip says the same
    fireEvent.mouseEnter(finish.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(missing);
    // nothing is marked red before the person asks
    expect(screen.queryByText('Please enter notes')).toBeNull();
    fireEvent.click(within(hint()).getByRole('button', { name: SHOW_MISSING }));
    expect(await screen.findByText('Please enter notes')).toBeInTheDocument();
    expect(screen.getByText('Please choose activity value/label')).toBeInTheDocument();
    expect(screen.getByText('Please choose date and time')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Met the CIO in the lobby.' } });
    await waitFor(() =>
      expect(hint()).toHaveTextContent('To finish, fill in: Next step: Activity, Next step: Date and time.'),
    );
    expect(finish).toBeDisabled();

    // no next step yet: the same note saved as a quick one (the second variant), what was typed kept
    fireEvent.click(within(hint()).getByRole('button', { name: QUICK_INSTEAD }));
    await waitFor(() => expect(router.state.location.search).toBe('?quick=1'));
    expect(await screen.findByText('No next step planned')).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveValue('Met the CIO in the lobby.');
    await waitFor(() => expect(buttonByText('Finish')).toBeEnabled());
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(buttonByText('Finish'));
    expect(await screen.findByText('Activity has been started successfully.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
  });
});
