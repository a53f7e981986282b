#pragma once
// Marks a string literal of the Qt-free core that the window shows translated. The text is
// unchanged here; lupdate collects it under `context` (translations/CMakeLists.txt tells it to
// read this macro as QT_TRANSLATE_NOOP) and the window looks it up with
// QCoreApplication::translate(context, text). tfw prints the English text.
#define TFW_TR_NOOP(context, text) text
