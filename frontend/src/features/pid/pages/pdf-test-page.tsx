import { DownloadOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Skeleton } from 'antd';
import { useState } from 'react';
import { showError, toast } from '@/components/dialogs';
import { FormPage } from '@/components/form-page';
import { errorMessage } from '@/lib/api/errors';
import { saveBlob } from '@/lib/api/download';
import { useObjectUrl } from '@/lib/use-object-url';
import { pidKeys } from '../api/keys';
import { fetchSamplePdf, MAIL_PDF_NAME, sendPdfMail } from '../api/pid-api';
import '../pid.css';

export const PAGE_TITLE = 'PCS PDF Test';

/** Spec 3 §2.10: renders a sample cost sheet PDF (sample data only) and sends it by mail. */
export function PdfTestPage() {
  const pdf = useQuery({ queryKey: pidKeys.sample, queryFn: fetchSamplePdf, staleTime: Infinity, retry: false });
  const url = useObjectUrl(pdf.data);
  const [to, setTo] = useState('');

  const send = useMutation({
    mutationFn: () => sendPdfMail(pdf.data!, to),
    onSuccess: (sent) => toast.success(sent.message),
    onError: (error) => void showError({ title: 'Oops...', content: errorMessage(error) }),
  });

  return (
    <FormPage
      title={PAGE_TITLE}
      subtitle="A sample project cost sheet rendered by the server on A2 paper. Every name and figure is made up."
      width="full"
    >
      <div className="pdf-test__toolbar">
        <Input
          type="email"
          aria-label="Send to"
          className="pdf-test__to"
          placeholder="Send to (default: your own address)"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          prefix={<MailOutlined />}
          allowClear
        />
        <Button type="primary" icon={<MailOutlined />} disabled={!pdf.data} loading={send.isPending} onClick={() => send.mutate()}>
          Send by mail
        </Button>
        <Button icon={<DownloadOutlined />} disabled={!pdf.data} onClick={() => pdf.data && saveBlob(pdf.data, MAIL_PDF_NAME)}>
          Download
        </Button>
        <Button icon={<ReloadOutlined />} aria-label="Render again" onClick={() => void pdf.refetch()} loading={pdf.isFetching} />
      </div>
      {pdf.isError && <Alert type="error" showIcon title="Error loading data" description={errorMessage(pdf.error)} />}
      {pdf.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {url && <iframe className="pdf-test__frame" title="Sample project cost sheet PDF" src={url} />}
    </FormPage>
  );
}
