// The workspace's layouts (src-renderer/src/layout/): the layouts menu, its dialog and what it tells.
export const layouts = {
  menuLabel: 'Workspace layouts',
  defaultName: 'Default',
  changed: '{name} (changed)',
  saveAs: 'Save layout as…',
  save: 'Save',
  rename: 'Rename…',
  renameTitle: 'Rename layout "{name}"',
  remove: 'Delete "{name}"',
  removed: 'Layout "{name}" deleted',
  removeAsk: 'Delete the layout "{name}"?',
  removeAskText: "It leaves the saved layouts, with its charts' indicators. This cannot be undone.",
  removeYes: 'Delete',
  resetAsk: 'Reset to the default layout?',
  resetAskText: 'The arrangement of "{name}" shown now is not saved: it is lost.',
  resetYes: 'Reset',
  reset: 'Reset to default',
  saved: 'Layout "{name}" saved',
  addChart: 'Add a chart of {market}',
  chartTitle: 'Chart {market}',
  closeChart: 'Close chart {market}',
  savedList: 'Saved layouts',
  nameLabel: 'Layout name',
  cancel: 'Cancel',
  replace: 'Replace',
  replaceAsk: 'A layout named "{name}" is saved already. Replace it?',
  unreadable: 'The stored layout could not be laid out ({reason}); the default layout is shown',
  indicatorsSaved: 'Saved with the layout "{name}"',
  problems: {
    unknownPanel: "no panel '{panel}' in this version",
    storedAs: "panel '{panel}' is stored as '{as}'",
    notItsPanel: "panel '{panel}' is not the '{component}' panel",
    badParams: "panel '{panel}' has unreadable parameters"
  },
  errors: {
    empty: 'A layout name must not be empty',
    tooLong: 'A layout name must be at most {max} characters ({length} typed)',
    edges: 'A layout name must not start or end with a space',
    control:
      'A layout name must not hold control or invisible characters (a tab, a line break, a zero-width space, a direction mark)',
    tooMany: 'At most {max} layouts can be saved: delete one first',
    unknown: 'No layout is saved as "{name}"',
    charts: 'A layout holds at most {max} charts'
  }
}
