import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/api/tokens';
import { FakeSocket as Socket } from '@/test/fake-socket';
import { makeSession, renderRoutes, stubApi } from '@/test/render';
import { WeblinkSipPage } from './weblink-sip-page';

/** The pages under test, as the route table has them. */
const pages = [
  { path: '/weblink/sip', Component: WeblinkSipPage },
];

const device = () => Socket.all.find((s) => s.url.includes('device_id='))!;

describe('WeblinkSipPage', () => {
  beforeEach(() => {
    localStorage.clear();
    Socket.reset();
    vi.stubGlobal('WebSocket', Socket);
    setToken('tok');
    stubApi(makeSession());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('registers this browser as a call device with a valid SIP domain', async () => {
    await renderRoutes(pages, '/weblink/sip');
    fireEvent.click(await screen.findByRole('button', { name: 'Register device' }));
    expect(await screen.findByText('SIP domain is required')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('SIP domain'), { target: { value: 'pbx example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register device' }));
    expect(await screen.findByText(/^A SIP domain is letters, digits/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('SIP domain'), { target: { value: 'pbx.nusantara.co.id' } });
    fireEvent.click(screen.getByRole('button', { name: 'Register device' }));
    expect(await screen.findByText('Registered')).toBeInTheDocument();
    const url = new URL(device().url);
    expect(url.pathname).toBe('/api/realtime');
    expect(url.searchParams.get('domain')).toBe('pbx.nusantara.co.id');
    expect(url.searchParams.get('username')).toBe(makeSession().user.username);
    expect(url.searchParams.get('user_id')).toBe(String(makeSession().user.id));
    expect(url.searchParams.get('device_id')).toMatch(/^web-[0-9a-f]{16}$/);
    expect(device().sent[0]).toEqual({ event: 'login', token: 'tok', device: true });
    // kept for the next visit
    expect(JSON.parse(localStorage.getItem('crm-sip-device')!)).toMatchObject({ domain: 'pbx.nusantara.co.id' });
  });

  it('shows a call to place, reports its start and end, and says it was recorded', async () => {
    localStorage.setItem('crm-sip-device', JSON.stringify({ deviceId: 'web-0123456789abcdef', domain: 'pbx.example' }));
    await renderRoutes(pages, '/weblink/sip');
    expect(await screen.findByText('Registered')).toBeInTheDocument();
    expect(screen.getByText(/^No calls yet/)).toBeInTheDocument();
    const callId = 'a'.repeat(32);
    device().say({ event: 'dial', callId, phone: '6281210000005', name: 'Budi Hartono', leadId: 7, project: 'Core Banking' });
    expect(await screen.findByText('Budi Hartono')).toBeInTheDocument();
    expect(screen.getByText('+62 812-1000-0005')).toBeInTheDocument();
    expect(screen.getByText('Core Banking')).toBeInTheDocument();
    // the icon's label and the text: a space between them only where styles lay them out (tests keep antd's styles
    // outside the document, src/test/render.tsx)
    const call = screen.getByRole('link', { name: /^phone ?Call$/ });
    expect(call).toHaveAttribute('href', 'tel:+6281210000005');
    expect(screen.getByRole('link', { name: 'Call with SIP' })).toHaveAttribute('href', 'sip:+6281210000005@pbx.example');
    call.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(call);
    expect(device().sent.at(-1)).toEqual({ event: 'callStarted', callId });
    device().say({ event: 'callStarted', callId });
    fireEvent.click(await screen.findByRole('button', { name: 'End call' }));
    expect(device().sent.at(-1)).toEqual({ event: 'callEnded', callId });
    device().say({ event: 'callRecorded', callId, leadId: 7, activityId: 99, durationSeconds: 65 });
    expect(await screen.findByText(/Call ended after 1 min 5 s, recorded on the lead\./)).toBeInTheDocument();
  });

  it('reports an end again after the connection was lost before the call was recorded', async () => {
    localStorage.setItem('crm-sip-device', JSON.stringify({ deviceId: 'web-0123456789abcdef', domain: 'pbx.example' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderRoutes(pages, '/weblink/sip');
      expect(await screen.findByText('Registered')).toBeInTheDocument();
      const callId = 'b'.repeat(32);
      const first = device();
      first.say({ event: 'dial', callId, phone: '6281210000005', name: 'Budi Hartono', leadId: 7, project: null });
      fireEvent.click(await screen.findByRole('button', { name: 'Not answered' }));
      expect(first.sent.at(-1)).toEqual({ event: 'callEnded', callId });
      first.readyState = 3;
      first.onclose?.({ code: 1012 }); // the API restarted before it recorded the call
      await vi.advanceTimersByTimeAsync(1500);
      const second = Socket.all.filter((s) => s.url.includes('device_id=')).at(-1)!;
      expect(second).not.toBe(first);
      await waitFor(() => expect(second.sent).toContainEqual({ event: 'callEnded', callId }));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows why the server refused this device', async () => {
    localStorage.setItem('crm-sip-device', JSON.stringify({ deviceId: 'web-0123456789abcdef', domain: 'pbx.example' }));
    await renderRoutes(pages, '/weblink/sip');
    await waitFor(() => expect(device()).toBeDefined());
    device().say({ event: 'error', message: 'This device is registered for another user.' });
    expect(await screen.findByText('This device is registered for another user.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unregister' }));
    expect(await screen.findByRole('button', { name: 'Register device' })).toBeInTheDocument();
    expect(localStorage.getItem('crm-sip-device')).toBeNull();
  });
});
