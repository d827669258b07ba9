// The `tide` REPL front end. Until the REPL lands, it introduces itself and lists the features.

print(
  """
  tide: explore Tide features by hand.

  Features:
    counter   the tour in Playgrounds/Counter (swift run CounterPlayground)

  The interactive REPL is under construction; see README.md.
  """)
