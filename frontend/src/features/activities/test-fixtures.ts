import { FULL, json, makeSession, stubApi } from '@/test/render';

/** Lead 19 as the activity form reads it. */
const LEAD = {
  id: 19,
  projectName: 'IT Strategy Assessment',
  clientName: 'PT Nusantara Data Center',
  clientCode: 'NDC',
  stageName: 'E2',
  stageDescription: 'Connected',
  status: 'NEW',
  lastContacted: 12,
  lastContactedAt: '2026-11-14T03:00:00Z',
  salesFullname: 'Andi Pratama',
  totalGrossProfit: 42_600_000,
  expectedCloseDate: '2027-01-31',
  personInCharges: [{ picId: 5, picName: 'Rina Kartika', position: 'CIO' }],
};
/** Lead 19's one person in charge. */
const PICS = [{ picId: 5, picName: 'Rina Kartika' }];
/** The map's settings; its tiles lead nowhere. */
const CONFIG = {
  tileUrl: 'http://127.0.0.1:1/{z}/{x}/{y}.png',
  attribution: 'tiles',
  center: { latitude: -6.26, longitude: 106.62 },
  zoom: 15,
  countryCode: 'id',
  searchAvailable: true,
};

/**
 * The fake server of lead 19's activity form, for a sales person with the leads: the lead, its person in charge, no
 * schedule, the map's settings; `post` answers the form's POST /activity. Returns the requests it is sent.
 */
export function activityFormApi(post: (req: Request) => Response | Promise<Response>) {
  return stubApi(makeSession({ pageAccess: { dashboard: FULL, leads: FULL } }), (req, url) => {
    if (url.pathname === '/api/leads/19') return json(200, { results: LEAD });
    if (url.pathname === '/api/activity/pic/19') return json(200, { results: PICS });
    if (url.pathname === '/api/activity/schedule/lead/19') return json(200, { results: [] });
    if (url.pathname === '/api/geo/config') return json(200, { results: CONFIG });
    if (url.pathname === '/api/activity' && req.method === 'POST') return post(req);
    return undefined;
  });
}
