/// A value the inspector hides as a ``Redacting`` type's field is hidden (unless it prints for
/// source, `Inspector(redacts: false)`): for a ``CustomInspectable`` value whose secrecy depends
/// on what it holds, such as a binding action that sets a password.
///
/// <!-- example: fragment -->
/// ```swift
/// var inspectionValue: Any { isSecret ? InspectedSecret(value) : value }
/// ```
package struct InspectedSecret: CustomInspectable {
  /// The value hidden.
  package let value: Any

  /// Hides `value`.
  package init(_ value: Any) {
    self.value = value
  }

  /// What it hides, which the inspector prints hidden.
  package var inspectionValue: Any { value }
}
