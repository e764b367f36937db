// Every string the editor shows, in English and German, and the current language. Names that
// come from the server (look names, sticker labels) fall back to the server's own words.

const en = {
  open: 'Open', openFile: 'Photo or video file', export: 'Export', compare: 'Before / after',
  zoomIn: 'Zoom in', zoomOut: 'Zoom out', zoomFit: 'Fit to view', theme: 'Light or dark theme',
  language: 'Language', 'languageName.en': 'English', 'languageName.de': 'Deutsch',
  tools: 'Tools', canvas: 'Canvas', editedImage: 'The edited picture', chooseTool: 'Choose a tool.',
  openFirst: 'Open a photo or video to edit it.',
  'tool.transform': 'Transform', 'tool.filter': 'Filter', 'tool.adjust': 'Adjust', 'tool.focus': 'Focus',
  'tool.vignette': 'Vignette', 'tool.overlay': 'Overlay', 'tool.text': 'Text', 'tool.textDesign': 'Text design',
  'tool.sticker': 'Sticker', 'tool.brush': 'Brush', 'tool.frame': 'Frame',
  'action.magic': 'Magic', 'action.undo': 'Undo', 'action.redo': 'Redo', 'action.reset': 'Reset',
  openTitle: 'Open a photo or video', chooseFile: 'Choose a file…', dropHint: 'or drop it on the canvas.',
  recentDocuments: 'Recent documents', forgetRecent: 'Remove {name} from the list',
  uploading: 'Uploading… {percent} %', preparing: 'Preparing…', openFailed: 'Could not open: {reason}',
  documentGone: 'That document is no longer on the server.',
  saveRefused: 'The server refused the last change, so it was undone: {reason}', saveFailed: 'Not saved: {reason}',
  saveConflict: 'Someone else saved this document meanwhile. Nothing was overwritten.',
  reloadTheirs: 'Reload theirs', keepMine: 'Keep mine',
  notSavedBeforeOpening: 'The last changes to {name} were not saved: {reason}',
  startFailed: 'The editor could not start: {reason}', accessToken: 'Access token', retry: 'Try again',
  loadFailed: 'Could not load: {reason}',
  previewFailed: 'No preview: {reason}', close: 'Close', cancel: 'Cancel', none: 'None', all: 'All',
  resetNamed: 'Reset {name}', colorNamed: 'Colour {color}', pipette: 'Pick a colour from the picture',
  pipetteHint: 'Click the picture to pick its colour (Esc cancels).',
  layerNamed: '{kind}: {name}', rotate: 'Rotate', scale: 'Scale', selectedLayer: 'Selected layer',
  layerKeys: 'Drag or use the arrow keys to move; + and − scale, [ and ] rotate, Delete removes.',
  'layer.forward': 'Bring forward', 'layer.backward': 'Send backward', 'layer.duplicate': 'Duplicate',
  'layer.delete': 'Delete', opacity: 'Opacity',
  'kind.image': 'Image', 'kind.shape': 'Shape', 'kind.text': 'Text', 'kind.brush': 'Drawing',
  'kind.frame': 'Frame', 'kind.textDesign': 'Text design', 'kind.smartSticker': 'Smart sticker',
  crop: 'Crop', cropRatio: 'Aspect ratio', cropArea: 'Crop area (arrow keys move it, Shift+arrow keys resize it)', straighten: 'Straighten',
  rotate90: 'Rotate 90°', flipHorizontal: 'Flip horizontally', flipVertical: 'Flip vertically',
  resetTransform: 'Reset transform', 'preset.Free': 'Free', 'preset.Square': 'Square',
  looks: 'Looks', lookFolders: 'Look folders', noLook: 'Original', intensity: 'Intensity',
  'folder.photoEffects': 'Photo Effects', 'folder.bw': 'B&W', 'folder.vintage': 'Vintage', 'folder.film': 'Film',
  'folder.cinematic': 'Cinematic', 'folder.warm': 'Warm', 'folder.cold': 'Cold', 'folder.duotone': 'Duotone',
  'adjust.brightness': 'Brightness', 'adjust.contrast': 'Contrast', 'adjust.saturation': 'Saturation',
  'adjust.exposure': 'Exposure', 'adjust.gamma': 'Gamma', 'adjust.highlights': 'Highlights',
  'adjust.shadows': 'Shadows', 'adjust.blacks': 'Blacks', 'adjust.whites': 'Whites', 'adjust.clarity': 'Clarity',
  'adjust.temperature': 'Temperature', 'adjust.tint': 'Tint', 'adjust.vibrance': 'Vibrance',
  'adjust.sharpness': 'Sharpness', resetAdjustments: 'Reset all adjustments',
  'vignette.intensity': 'Intensity', 'vignette.radius': 'Radius', 'vignette.falloff': 'Falloff',
  removeVignette: 'Remove vignette',
  focusMode: 'Focus mode', 'focus.off': 'Off', 'focus.radial': 'Radial', 'focus.linear': 'Linear',
  'focus.mirrored': 'Mirrored', 'focus.gaussian': 'Gaussian', 'focus.size': 'Size', 'focus.fade': 'Fade',
  'focus.blur': 'Blur', 'focus.angle': 'Angle', focusCentre: 'Focus centre (arrow keys move it)', focusSize: 'Focus size',
  overlayImages: 'Overlay images', noOverlay: 'No overlay', blendMode: 'Blend mode',
  'blend.normal': 'Normal', 'blend.multiply': 'Multiply', 'blend.screen': 'Screen', 'blend.overlay': 'Overlay',
  'blend.softLight': 'Soft light', 'blend.hardLight': 'Hard light', 'blend.darken': 'Darken',
  'blend.lighten': 'Lighten', 'blend.colorDodge': 'Colour dodge', 'blend.colorBurn': 'Colour burn',
  'blend.difference': 'Difference', 'blend.exclusion': 'Exclusion', 'blend.hue': 'Hue',
  'blend.saturation': 'Saturation', 'blend.color': 'Colour', 'blend.luminosity': 'Luminosity',
  frames: 'Frames', frameSize: 'Thickness',
  text: 'Text', defaultText: 'Your text', addText: 'Add text', font: 'Font', textSize: 'Size', color: 'Colour',
  alignment: 'Alignment', 'align.left': 'Left', 'align.center': 'Centre', 'align.right': 'Right',
  textBackground: 'Background', backgroundColor: 'Background colour',
  defaultDesignText: 'Hello World', addDesign: 'Add design', recipe: 'Design', shuffle: 'Shuffle',
  accent: 'Accent', inverted: 'Inverted',
  'recipe.stacked': 'Stacked', 'recipe.mixed': 'Mixed', 'recipe.headline': 'Headline', 'recipe.banner': 'Banner',
  'recipe.badge': 'Badge', 'recipe.ring': 'Ring', 'recipe.dividers': 'Dividers', 'recipe.framed': 'Framed',
  'recipe.highlights': 'Highlights',
  stickers: 'Stickers', searchStickers: 'Search stickers', noStickers: 'No sticker matches.',
  stickerGroups: 'Sticker groups', selectedSticker: 'Selected sticker', tint: 'Tint', tintColor: 'Tint colour',
  'tint.none': 'None', 'tint.solid': 'Solid', 'tint.colorized': 'Colorized (duotone)',
  'group.emoticons': 'Emoticons', 'group.celebration': 'Celebration', 'group.shapes': 'Shapes',
  'group.nature': 'Nature', 'group.food': 'Food', 'group.travel': 'Travel',
  brushSize: 'Brush size', brushSizeN: 'Size {n}', hardness: 'Hardness', eraser: 'Eraser',
  clearDrawing: 'Clear drawing', brushHint: 'Draw on the picture.',
  timeline: 'Timeline', position: 'Position', trimStart: 'Trim start', trimEnd: 'Trim end',
  previousFrame: 'Previous frame', nextFrame: 'Next frame', play: 'Play', pause: 'Pause', layerShows: 'Selected layer shows',
  spanStart: 'from (s)', spanDuration: 'for (s)', untilEnd: 'to the end',
  format: 'Format', quality: 'Quality (1–100)', longSide: 'Longest side in pixels', fullSize: 'Full size',
  progress: 'Export progress', startExport: 'Export', exportSaving: 'Saving…', exportRunning: 'Rendering…', exportDone: 'Done: downloaded.',
  exportCancelled: 'Cancelled.', exportFailed: 'Export failed: {reason}',
};

const de = {
  open: 'Öffnen', openFile: 'Foto- oder Videodatei', export: 'Exportieren', compare: 'Vorher / nachher',
  zoomIn: 'Vergrößern', zoomOut: 'Verkleinern', zoomFit: 'Einpassen', theme: 'Helles oder dunkles Design',
  language: 'Sprache', 'languageName.en': 'English', 'languageName.de': 'Deutsch',
  tools: 'Werkzeuge', canvas: 'Arbeitsfläche', editedImage: 'Das bearbeitete Bild', chooseTool: 'Wähle ein Werkzeug.',
  openFirst: 'Öffne ein Foto oder Video, um es zu bearbeiten.',
  'tool.transform': 'Zuschneiden', 'tool.filter': 'Filter', 'tool.adjust': 'Anpassen', 'tool.focus': 'Fokus',
  'tool.vignette': 'Vignette', 'tool.overlay': 'Überlagerung', 'tool.text': 'Text', 'tool.textDesign': 'Textdesign',
  'tool.sticker': 'Sticker', 'tool.brush': 'Pinsel', 'tool.frame': 'Rahmen',
  'action.magic': 'Magie', 'action.undo': 'Rückgängig', 'action.redo': 'Wiederholen', 'action.reset': 'Zurücksetzen',
  openTitle: 'Foto oder Video öffnen', chooseFile: 'Datei wählen…', dropHint: 'oder auf die Arbeitsfläche ziehen.',
  recentDocuments: 'Zuletzt bearbeitet', forgetRecent: '{name} aus der Liste entfernen',
  uploading: 'Wird hochgeladen… {percent} %', preparing: 'Wird vorbereitet…', openFailed: 'Öffnen fehlgeschlagen: {reason}',
  documentGone: 'Dieses Dokument gibt es auf dem Server nicht mehr.',
  saveRefused: 'Der Server hat die letzte Änderung abgelehnt, sie wurde rückgängig gemacht: {reason}', saveFailed: 'Nicht gespeichert: {reason}',
  saveConflict: 'Jemand anderes hat dieses Dokument inzwischen gespeichert. Nichts wurde überschrieben.',
  reloadTheirs: 'Deren Fassung laden', keepMine: 'Meine behalten',
  notSavedBeforeOpening: 'Die letzten Änderungen an {name} wurden nicht gespeichert: {reason}',
  startFailed: 'Der Editor konnte nicht starten: {reason}', accessToken: 'Zugangstoken', retry: 'Erneut versuchen',
  loadFailed: 'Laden fehlgeschlagen: {reason}',
  previewFailed: 'Keine Vorschau: {reason}', close: 'Schließen', cancel: 'Abbrechen', none: 'Keine', all: 'Alle',
  resetNamed: '{name} zurücksetzen', colorNamed: 'Farbe {color}', pipette: 'Farbe aus dem Bild aufnehmen',
  pipetteHint: 'Klicke ins Bild, um seine Farbe aufzunehmen (Esc bricht ab).',
  layerNamed: '{kind}: {name}', rotate: 'Drehen', scale: 'Skalieren', selectedLayer: 'Ausgewählte Ebene',
  layerKeys: 'Ziehen oder Pfeiltasten verschieben; + und − skalieren, [ und ] drehen, Entf löscht.',
  'layer.forward': 'Nach vorne', 'layer.backward': 'Nach hinten', 'layer.duplicate': 'Duplizieren',
  'layer.delete': 'Löschen', opacity: 'Deckkraft',
  'kind.image': 'Bild', 'kind.shape': 'Form', 'kind.text': 'Text', 'kind.brush': 'Zeichnung',
  'kind.frame': 'Rahmen', 'kind.textDesign': 'Textdesign', 'kind.smartSticker': 'Smarter Sticker',
  crop: 'Zuschnitt', cropRatio: 'Seitenverhältnis', cropArea: 'Zuschnitt (Pfeiltasten verschieben, mit Umschalt ändern sie die Größe)', straighten: 'Begradigen',
  rotate90: 'Um 90° drehen', flipHorizontal: 'Horizontal spiegeln', flipVertical: 'Vertikal spiegeln',
  resetTransform: 'Zuschnitt zurücksetzen', 'preset.Free': 'Frei', 'preset.Square': 'Quadrat',
  looks: 'Looks', lookFolders: 'Look-Ordner', noLook: 'Original', intensity: 'Stärke',
  'folder.photoEffects': 'Fotoeffekte', 'folder.bw': 'Schwarzweiß', 'folder.vintage': 'Vintage', 'folder.film': 'Film',
  'folder.cinematic': 'Kino', 'folder.warm': 'Warm', 'folder.cold': 'Kalt', 'folder.duotone': 'Duoton',
  'adjust.brightness': 'Helligkeit', 'adjust.contrast': 'Kontrast', 'adjust.saturation': 'Sättigung',
  'adjust.exposure': 'Belichtung', 'adjust.gamma': 'Gamma', 'adjust.highlights': 'Lichter',
  'adjust.shadows': 'Tiefen', 'adjust.blacks': 'Schwarz', 'adjust.whites': 'Weiß', 'adjust.clarity': 'Klarheit',
  'adjust.temperature': 'Temperatur', 'adjust.tint': 'Tönung', 'adjust.vibrance': 'Dynamik',
  'adjust.sharpness': 'Schärfe', resetAdjustments: 'Alle Anpassungen zurücksetzen',
  'vignette.intensity': 'Stärke', 'vignette.radius': 'Radius', 'vignette.falloff': 'Übergang',
  removeVignette: 'Vignette entfernen',
  focusMode: 'Fokusart', 'focus.off': 'Aus', 'focus.radial': 'Radial', 'focus.linear': 'Linear',
  'focus.mirrored': 'Gespiegelt', 'focus.gaussian': 'Gauß', 'focus.size': 'Größe', 'focus.fade': 'Übergang',
  'focus.blur': 'Unschärfe', 'focus.angle': 'Winkel', focusCentre: 'Fokusmitte (Pfeiltasten verschieben)', focusSize: 'Fokusgröße',
  overlayImages: 'Überlagerungsbilder', noOverlay: 'Keine Überlagerung', blendMode: 'Mischmodus',
  'blend.normal': 'Normal', 'blend.multiply': 'Multiplizieren', 'blend.screen': 'Negativ multiplizieren',
  'blend.overlay': 'Ineinanderkopieren', 'blend.softLight': 'Weiches Licht', 'blend.hardLight': 'Hartes Licht',
  'blend.darken': 'Abdunkeln', 'blend.lighten': 'Aufhellen', 'blend.colorDodge': 'Farbig abwedeln',
  'blend.colorBurn': 'Farbig nachbelichten', 'blend.difference': 'Differenz', 'blend.exclusion': 'Ausschluss',
  'blend.hue': 'Farbton', 'blend.saturation': 'Sättigung', 'blend.color': 'Farbe', 'blend.luminosity': 'Luminanz',
  frames: 'Rahmen', frameSize: 'Stärke',
  text: 'Text', defaultText: 'Dein Text', addText: 'Text hinzufügen', font: 'Schrift', textSize: 'Größe', color: 'Farbe',
  alignment: 'Ausrichtung', 'align.left': 'Links', 'align.center': 'Mitte', 'align.right': 'Rechts',
  textBackground: 'Hintergrund', backgroundColor: 'Hintergrundfarbe',
  defaultDesignText: 'Hallo Welt', addDesign: 'Design hinzufügen', recipe: 'Design', shuffle: 'Mischen',
  accent: 'Akzent', inverted: 'Invertiert',
  'recipe.stacked': 'Gestapelt', 'recipe.mixed': 'Gemischt', 'recipe.headline': 'Schlagzeile', 'recipe.banner': 'Banner',
  'recipe.badge': 'Abzeichen', 'recipe.ring': 'Ring', 'recipe.dividers': 'Trennlinien', 'recipe.framed': 'Gerahmt',
  'recipe.highlights': 'Hervorhebungen',
  stickers: 'Sticker', searchStickers: 'Sticker suchen', noStickers: 'Kein Sticker passt.',
  stickerGroups: 'Sticker-Gruppen', selectedSticker: 'Ausgewählter Sticker', tint: 'Tönung', tintColor: 'Tönungsfarbe',
  'tint.none': 'Keine', 'tint.solid': 'Vollton', 'tint.colorized': 'Eingefärbt (Duoton)',
  'group.emoticons': 'Emoticons', 'group.celebration': 'Feiern', 'group.shapes': 'Formen',
  'group.nature': 'Natur', 'group.food': 'Essen', 'group.travel': 'Reisen',
  brushSize: 'Pinselgröße', brushSizeN: 'Größe {n}', hardness: 'Härte', eraser: 'Radierer',
  clearDrawing: 'Zeichnung löschen', brushHint: 'Zeichne auf das Bild.',
  timeline: 'Zeitleiste', position: 'Position', trimStart: 'Anfang', trimEnd: 'Ende',
  previousFrame: 'Voriges Bild', nextFrame: 'Nächstes Bild', play: 'Abspielen', pause: 'Anhalten', layerShows: 'Ausgewählte Ebene zeigen',
  spanStart: 'ab (s)', spanDuration: 'für (s)', untilEnd: 'bis zum Ende',
  format: 'Format', quality: 'Qualität (1–100)', longSide: 'Längste Seite in Pixeln', fullSize: 'Volle Größe',
  progress: 'Exportfortschritt', startExport: 'Exportieren', exportSaving: 'Wird gespeichert…', exportRunning: 'Wird berechnet…',
  exportDone: 'Fertig: heruntergeladen.', exportCancelled: 'Abgebrochen.', exportFailed: 'Export fehlgeschlagen: {reason}',
};

const tables = { en, de };
export const LANGUAGES = Object.keys(tables);
let current = 'en';

/** The configured language, else the browser's: German for "de…", English otherwise. */
export function pickLanguage(configured) {
  if (tables[configured]) return configured;
  return (navigator.language || '').toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function setLanguage(language) {
  current = tables[language] ? language : 'en';
  document.documentElement.lang = current;
}

export const language = () => current;

/** The string for `key` with {name} placeholders filled; else `fallback`, a name the server gave, as it is. */
export function t(key, params = {}, fallback = key) {
  const text = tables[current][key] ?? en[key];
  return text === undefined ? fallback : text.replace(/\{(\w+)\}/g, (_, name) => params[name] ?? '');
}

/** Relabels the page's fixed controls: [data-i18n] texts and [data-i18n-label] names. */
export function translate(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll('[data-i18n-label]')) {
    const text = t(node.dataset.i18nLabel);
    node.setAttribute('aria-label', text);
    if (node.tagName === 'BUTTON') node.title = text;
  }
}
