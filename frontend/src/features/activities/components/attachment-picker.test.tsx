import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { AttachmentPicker, type Attachment } from './attachment-picker';

function Host({ photos = false }: { photos?: boolean }) {
  const [value, setValue] = useState<Attachment[]>([]);
  return <AttachmentPicker photos={photos} value={value} onChange={setValue} />;
}

const pdf = (name = 'minutes.pdf', size?: number) => {
  const f = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type: 'application/pdf' });
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('AttachmentPicker', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a good file with its size in MB and refuses a large one for 5 seconds', async () => {
    render(<Host />);
    const input = screen.getByLabelText('Attach files');
    fireEvent.change(input, { target: { files: [pdf('minutes.pdf', 2.5 * 1024 * 1024)] } });
    expect(await screen.findByText('minutes.pdf')).toBeInTheDocument();
    expect(screen.getByText('2,5 MB')).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.change(input, { target: { files: [pdf('big.pdf', 16 * 1024 * 1024)] } });
      await Promise.resolve();
    });
    expect(screen.getByText('File is too large')).toBeInTheDocument();
    expect(screen.queryByText('big.pdf')).toBeNull();
    act(() => vi.advanceTimersByTime(4800));
    expect(screen.getByText('File is too large')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText('File is too large')).toBeNull();
  });

  it('refuses a pdf among photos, and a file whose content is not its name', async () => {
    render(<Host photos />);
    fireEvent.change(screen.getByLabelText('Choose photos'), { target: { files: [pdf('scan.png')] } });
    expect(await screen.findByText('Unsupported file format')).toBeInTheDocument();
    expect(screen.getByLabelText('Take a photo')).toHaveAttribute('capture', 'environment');
  });
});
