import type { ThemeConfig } from 'antd';

/** A calm corporate look: deep blue primary, soft grey canvas, rounded cards. */
export const theme: ThemeConfig = {
  cssVar: { key: 'crm' },
  token: {
    colorPrimary: '#1d4ed8',
    colorInfo: '#1d4ed8',
    colorSuccess: '#16a34a',
    colorWarning: '#d97706',
    colorError: '#dc2626',
    colorLink: '#1d4ed8',
    colorBgLayout: '#f4f6fa',
    colorTextBase: '#1f2937',
    borderRadius: 8,
    borderRadiusLG: 12,
    fontFamily:
      "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontSize: 14,
    controlHeight: 36,
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 64, headerPadding: '0 24px', siderBg: '#ffffff', bodyBg: '#f4f6fa' },
    Menu: { itemBorderRadius: 8, horizontalItemSelectedColor: '#1d4ed8', itemSelectedBg: '#eef3ff', itemSelectedColor: '#1d4ed8' },
    Card: { headerFontSize: 16 },
    Button: { fontWeight: 500 },
  },
};
