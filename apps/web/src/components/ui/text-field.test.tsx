import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldClasses, TextField } from './text-field';

describe('TextField', () => {
  it('adds a className to the field’s own classes: a styled field keeps its border and width', () => {
    render(<TextField id="code" label="Code" className="font-mono" />);
    const input = screen.getByLabelText('Code');
    for (const name of [...fieldClasses.split(' '), 'font-mono']) expect(input).toHaveClass(name);
  });

  it('has only the field’s classes without one', () => {
    render(<TextField id="name" label="Name" />);
    expect(screen.getByLabelText('Name').getAttribute('class')).toBe(fieldClasses);
  });
});
