import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Grid, Modal, Skeleton } from 'antd';
import { saveBlob } from '@/lib/api/download';
import { errorMessage, isApiError } from '@/lib/api/errors';
import { useObjectUrl } from '@/lib/use-object-url';
import { pcsKeys } from '../api/keys';
import { fetchPcsPdf, pdfFileName } from '../api/pcs-api';
import { APPROVAL_STATUS_EMPTY } from './approval-status-dialog';

export interface PdfPreviewModalProps {
  open: boolean;
  leadId: number;
  revisionBatch: number | null;
  clientName: string;
  projectName: string;
  /** Changes whenever the sheet is saved, so the preview is never of an older save. */
  version: string;
  onClose: () => void;
}

/** 'Project Cost Sheet PDF': the server's PDF in a frame, and a Download PDF button (spec §2.6). */
export function PdfPreviewModal({ open, leadId, revisionBatch, clientName, projectName, version, onClose }: PdfPreviewModalProps) {
  const screens = Grid.useBreakpoint();
  const pdf = useQuery({
    queryKey: pcsKeys.pdf(leadId, revisionBatch, version),
    queryFn: () => fetchPcsPdf(leadId, revisionBatch),
    enabled: open,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
  const url = useObjectUrl(pdf.data);

  const empty = pdf.isError && isApiError(pdf.error) && pdf.error.status === 404;
  return (
    <Modal
      open={open}
      title="Project Cost Sheet PDF"
      onCancel={onClose}
      width={screens.md ? 1000 : '100%'}
      centered
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button
          key="download"
          type="primary"
          icon={<DownloadOutlined />}
          disabled={!pdf.data}
          onClick={() => pdf.data && saveBlob(pdf.data, pdfFileName(clientName, projectName))}
        >
          Download PDF
        </Button>,
      ]}
    >
      <div className="pcs-pdf">
        {pdf.isFetching && !pdf.data ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : empty ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={APPROVAL_STATUS_EMPTY} />
        ) : pdf.isError ? (
          <Alert type="error" showIcon title="Error loading data" description={errorMessage(pdf.error)} />
        ) : url ? (
          <iframe title="Project Cost Sheet PDF" src={url} className="pcs-pdf__frame" />
        ) : null}
      </div>
    </Modal>
  );
}
