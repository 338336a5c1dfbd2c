#include "theme.h"

#include <QApplication>
#include <QPainter>
#include <QProxyStyle>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleOption>

namespace ringscope {

namespace {

const QString kThemeSetting = QStringLiteral("view/theme");

// Fusion frames a check box and a radio button in the window colour made darker: on a dark
// window that frame is all but black on black, and an unticked box vanishes. On a dark palette
// this draws the frame in the palette's light mid tone as well.
class VisibleIndicators : public QProxyStyle {
public:
    using QProxyStyle::QProxyStyle;
    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget) const override {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        const bool indicator =
            element == PE_IndicatorCheckBox || element == PE_IndicatorRadioButton;
        if (!indicator || option->palette.color(QPalette::Window).lightnessF() >= 0.5) {
            return;
        }
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        painter->setBrush(Qt::NoBrush);
        painter->setPen(QPen(option->palette.color(QPalette::Disabled, QPalette::Text), 1));
        const QRectF box = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
        if (element == PE_IndicatorRadioButton) {
            painter->drawEllipse(box);
        } else {
            painter->drawRoundedRect(box, 2, 2);
        }
        painter->restore();
    }
};

struct DesktopLook {
    QString style;
    QPalette palette;
};

// The style and palette the program started with.
const DesktopLook& desktopLook() {
    static const DesktopLook look{QApplication::style()->name(), QApplication::palette()};
    return look;
}

}  // namespace

QString themeLabel(Theme theme) {
    switch (theme) {
        case Theme::System:
            return QApplication::tr("&System");
        case Theme::Light:
            return QApplication::tr("&Light");
        case Theme::Dark:
            return QApplication::tr("&Dark");
    }
    return {};
}

QString themeKey(Theme theme) {
    switch (theme) {
        case Theme::System:
            return QStringLiteral("system");
        case Theme::Light:
            return QStringLiteral("light");
        case Theme::Dark:
            return QStringLiteral("dark");
    }
    return {};
}

std::optional<Theme> themeFromKey(const QString& key) {
    for (const Theme theme : kAllThemes) {
        if (themeKey(theme) == key) {
            return theme;
        }
    }
    return std::nullopt;
}

QPalette lightPalette() {
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xEF, 0xEF, 0xEF));
    p.setColor(QPalette::WindowText, QColor(0x1A, 0x1A, 0x1A));
    p.setColor(QPalette::Base, QColor(0xFF, 0xFF, 0xFF));
    p.setColor(QPalette::AlternateBase, QColor(0xF5, 0xF5, 0xF5));
    p.setColor(QPalette::Text, QColor(0x1A, 0x1A, 0x1A));
    p.setColor(QPalette::Button, QColor(0xEF, 0xEF, 0xEF));
    p.setColor(QPalette::ButtonText, QColor(0x1A, 0x1A, 0x1A));
    p.setColor(QPalette::ToolTipBase, QColor(0xFF, 0xFF, 0xDC));
    p.setColor(QPalette::ToolTipText, QColor(0x1A, 0x1A, 0x1A));
    p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Highlight, QColor(0x30, 0x8C, 0xC6));
    p.setColor(QPalette::HighlightedText, QColor(0xFF, 0xFF, 0xFF));
    p.setColor(QPalette::Link, QColor(0x00, 0x5A, 0xA0));
    p.setColor(QPalette::Mid, QColor(0xB8, 0xB8, 0xB8));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, QColor(0x9A, 0x9A, 0x9A));
    }
    return p;
}

QPalette darkPalette() {
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2B, 0x2B, 0x2E));
    p.setColor(QPalette::WindowText, QColor(0xEA, 0xEA, 0xEA));
    p.setColor(QPalette::Base, QColor(0x1E, 0x1E, 0x21));
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x2A));
    p.setColor(QPalette::Text, QColor(0xEA, 0xEA, 0xEA));
    p.setColor(QPalette::Button, QColor(0x35, 0x35, 0x39));
    p.setColor(QPalette::ButtonText, QColor(0xEA, 0xEA, 0xEA));
    p.setColor(QPalette::BrightText, QColor(0xFF, 0x6B, 0x6B));
    p.setColor(QPalette::ToolTipBase, QColor(0x35, 0x35, 0x39));
    p.setColor(QPalette::ToolTipText, QColor(0xEA, 0xEA, 0xEA));
    p.setColor(QPalette::PlaceholderText, QColor(0x8A, 0x8A, 0x8A));
    p.setColor(QPalette::Highlight, QColor(0x3D, 0x9B, 0xE0));
    p.setColor(QPalette::HighlightedText, QColor(0x10, 0x10, 0x10));
    p.setColor(QPalette::Link, QColor(0x6C, 0xB6, 0xFF));
    p.setColor(QPalette::Light, QColor(0x4A, 0x4A, 0x4F));
    p.setColor(QPalette::Midlight, QColor(0x3E, 0x3E, 0x43));
    p.setColor(QPalette::Mid, QColor(0x5A, 0x5A, 0x60));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x1A));
    p.setColor(QPalette::Shadow, QColor(0x0A, 0x0A, 0x0A));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(QPalette::Disabled, role, QColor(0x7A, 0x7A, 0x7E));
    }
    return p;
}

QPalette highContrastPalette() {
    QPalette p = lightPalette();
    for (const auto role : {QPalette::Window, QPalette::Base, QPalette::AlternateBase}) {
        p.setColor(role, Qt::white);
    }
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) {
        p.setColor(role, Qt::black);
        p.setColor(QPalette::Disabled, role, QColor(0x50, 0x50, 0x50));
    }
    p.setColor(QPalette::Button, QColor(0xE8, 0xE8, 0xE8));
    p.setColor(QPalette::Highlight, QColor(0x00, 0x47, 0xAB));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Mid, QColor(0x60, 0x60, 0x60));
    return p;
}

QColor verdictColor(bool right, const QPalette& palette) {
    const bool dark = palette.color(QPalette::Window).lightnessF() < 0.5;
    if (right) {
        return dark ? QColor(0x5C, 0xD6, 0x8A) : QColor(0x00, 0x7A, 0x3D);
    }
    return dark ? QColor(0xFF, 0x7B, 0x7B) : QColor(0xC0, 0x10, 0x10);
}

void applyTheme(Theme theme) {
    const DesktopLook& desktop = desktopLook();
    switch (theme) {
        case Theme::System:
            QApplication::setStyle(QStyleFactory::create(desktop.style));
            QApplication::setPalette(desktop.palette);
            return;
        case Theme::Light:
            QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
            QApplication::setPalette(lightPalette());
            return;
        case Theme::Dark:
            QApplication::setStyle(
                new VisibleIndicators(QStyleFactory::create(QStringLiteral("Fusion"))));
            QApplication::setPalette(darkPalette());
            return;
    }
}

Theme savedTheme() {
    return themeFromKey(QSettings().value(kThemeSetting).toString()).value_or(Theme::System);
}

void saveTheme(Theme theme) {
    QSettings().setValue(kThemeSetting, themeKey(theme));
}

}  // namespace ringscope
