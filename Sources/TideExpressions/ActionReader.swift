import TideRecord

/// Reads an action written in Swift syntax, as the REPL reads what a person types: what a
/// served store (TideWeb's `StoreServer`) reads the actions `tide attach` sends with.
package enum ActionReader {
  /// Reads `text` as an `Action`.
  ///
  /// - Parameters:
  ///   - text: One action, such as `.login(.usernameChanged("ada"))`.
  ///   - type: The action type, which decodes it.
  /// - Returns: The action.
  /// - Throws: `InputError`, saying what was expected where (its position counts characters
  ///   from 0).
  package static func read<Action: Decodable>(_ text: String, as type: Action.Type)
    throws(InputError) -> Action
  {
    let expression = try ExpressionParser.parse(text)
    do {
      return try ExpressionDecoder.decode(type, from: expression, caseNames: { [:] })
    } catch let error as InputError {
      throw error
    } catch {
      throw InputError(message: "\(error)", position: 0)
    }
  }
}
