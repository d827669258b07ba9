print("tide")
