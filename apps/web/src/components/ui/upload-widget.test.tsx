import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { initI18n } from '@/lib/i18n';
import {
  chosenNameOf,
  mergeChosen,
  removeAt,
  requireFiles,
  UploadWidget,
  UploadWidgetError,
  withRandomSuffix,
} from './upload-widget';

const file = (name: string, type = 'application/pdf') => new File(['%PDF-1.7'], name, { type });

describe('upload widget rules', () => {
  it('appends a random suffix to each chosen name, before the extension', () => {
    expect(withRandomSuffix(file('scan.pdf'), () => 'a1b2').name).toBe('scan-a1b2.pdf');
    expect(withRandomSuffix(file('README'), () => 'ff00').name).toBe('README-ff00');
    const random = withRandomSuffix(file('scan.pdf'));
    expect(random.name).toMatch(/^scan-[0-9a-f]{8}\.pdf$/);
    expect(random.type).toBe('application/pdf');
  });

  it('remembers the name the person gave, whatever the suffix', () => {
    const suffixed = withRandomSuffix(file('lease (signed).pdf'), () => 'a1b2c3d4');
    expect(suffixed.name).toBe('lease (signed)-a1b2c3d4.pdf');
    expect(chosenNameOf(suffixed)).toBe('lease (signed).pdf');
    expect(chosenNameOf(withRandomSuffix(suffixed, () => 'ffff0000'))).toBe('lease (signed).pdf');
    expect(chosenNameOf(file('plain.pdf'))).toBe('plain.pdf');
  });

  it('keeps one file in single mode, and truncates to the maximum in multiple mode', () => {
    const [a, b, c] = [file('a.pdf'), file('b.pdf'), file('c.pdf')];
    expect(mergeChosen([a], [b, c], false, 0)).toEqual([c]);
    expect(mergeChosen([a], [b, c], true, 2)).toEqual([a, b]);
    expect(mergeChosen([a], [b, c], true, 0)).toEqual([a, b, c]);
  });

  it('has the spec’s two errors', () => {
    expect(() => requireFiles([])).toThrow('Array must contain at least one file.');
    expect(() => removeAt([file('a.pdf')], 3)).toThrow('There is no file at index 3');
    expect(() => removeAt([], 0)).toThrow(UploadWidgetError);
  });
});

function Harness({ multiple = false }: { multiple?: boolean }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <UploadWidget id="proof" label="Proof of identity" files={files} onFilesChange={setFiles} multiple={multiple} />
  );
}

describe('the upload widget', () => {
  it('shows each chosen file with a preview and removes it after the clear animation', async () => {
    await initI18n('en');
    const user = userEvent.setup();
    render(<Harness multiple />);
    const input = document.getElementById('proof') as HTMLInputElement;
    await user.upload(input, [file('id-card.pdf'), file('photo.png', 'image/png')]);
    const chosen = await screen.findByRole('list', { name: 'Chosen files' });
    // Shown under the names the person gave them, without the widget's suffix.
    expect(chosen).toHaveTextContent('id-card.pdf');
    expect(chosen).toHaveTextContent('photo.png');
    expect(chosen).not.toHaveTextContent(/-[0-9a-f]{8}\./);
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: /^Remove id-card/ })[0]!);
    await waitFor(() => expect(chosen).not.toHaveTextContent('id-card'));
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('photo');
  });
});
