// Words for assistive technology and the accessibility settings: names of controls that show no words of their own,
// and the palette of up and down.
export const a11y = {
  bottomTabs: 'Orders, positions and account',
  orderShare: 'Share of the available amount',
  palette: {
    label: 'Colours of up and down',
    hint: 'Buy and price rises, sell and price falls: every one also has an arrow or a word.',
    options: {
      standard: 'Green and red',
      'blue-orange': 'Blue and orange (colour-blind safe)'
    }
  }
}
