import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { RadioGroupField } from './radio-group-field';

const options = [
  { value: 'small', label: 'Small' },
  { value: 'large', label: 'Large' },
];

function registration() {
  return renderHook(() => useForm<{ size: string }>()).result.current;
}

describe('RadioGroupField', () => {
  it('gives the first radio the group’s id and the others the prefix and their value', () => {
    const form = registration();
    render(
      <RadioGroupField
        id="size"
        idPrefix="pick-size"
        legend="Size"
        options={options}
        registration={form.register('size')}
      />,
    );
    expect(screen.getByRole('radio', { name: 'Small' })).toHaveAttribute('id', 'size');
    expect(screen.getByRole('radio', { name: 'Large' })).toHaveAttribute('id', 'pick-size-large');
    expect(screen.getByRole('group', { name: 'Size' })).not.toHaveAttribute('aria-describedby');
  });

  it('is described by its hint, and by its error in its place while it has one', () => {
    const form = registration();
    const { rerender } = render(
      <RadioGroupField
        id="size"
        legend="Size"
        hint="Pick one"
        options={options}
        registration={form.register('size')}
      />,
    );
    expect(screen.getByRole('group', { name: 'Size' })).toHaveAccessibleDescription('Pick one');
    rerender(
      <RadioGroupField
        id="size"
        legend="Size"
        hint="Pick one"
        error="Choose a size"
        options={options}
        registration={form.register('size')}
      />,
    );
    expect(screen.getByRole('group', { name: 'Size' })).toHaveAttribute('aria-describedby', 'size-error');
    expect(screen.getByText('Choose a size')).toHaveAttribute('id', 'size-error');
  });

  it('gives the chosen value to the form', async () => {
    const form = registration();
    render(<RadioGroupField id="size" legend="Size" options={options} registration={form.register('size')} />);
    await userEvent.click(screen.getByLabelText('Large'));
    expect(form.getValues('size')).toBe('large');
  });
});
